export * from './bookingRules';
export * from './bookingLimits';
export * from './bookingFieldProblems';
