export * from './bookingRules';
export * from './bookingLimits';
