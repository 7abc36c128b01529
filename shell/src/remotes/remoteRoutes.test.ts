import { pageForPath } from './remoteRoutes';

test('each path of the route table finds its remote page, parameters included', () => {
  expect(pageForPath('/')).toBe('marketing/HomePage');
  expect(pageForPath('/services')).toBe('marketing/ServicesPage');
  expect(pageForPath('/services/seo')).toBe('marketing/ServiceDetailPage');
  expect(pageForPath('/services/seo/')).toBe('marketing/ServiceDetailPage');
  expect(pageForPath('/booking')).toBe('booking/BookingPage');
  expect(pageForPath('/booking/cancel')).toBe('booking/CancelBookingPage');
  expect(pageForPath('/contact')).toBe('contact/ContactPage');
});

test('a path no remote owns finds nothing, so nothing is preloaded for the 404 page', () => {
  expect(pageForPath('/no-such-page')).toBeNull();
  expect(pageForPath('/services/seo/extra')).toBeNull();
  expect(pageForPath('/contactx')).toBeNull();
  expect(pageForPath('/booking/cancel/extra')).toBeNull();
});
