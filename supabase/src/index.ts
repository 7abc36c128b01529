export * from './bookingRules';
