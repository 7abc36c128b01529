export * from './bookingRules';
export * from './bookingLimits';
export * from './bookingSlots';
export * from './bookingFieldProblems';
export * from './bookingProof';
export * from './bookingMail';
export * from './bookingAddress';
export * from './busyTimes';
