import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HomeServiceGrid } from '../home/HomeServiceGrid';

type ObserverCallback = (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void;

let observed: ObserverCallback[] = [];

class FakeIntersectionObserver {
  constructor(callback: ObserverCallback) {
    observed.push(callback);
  }
  observe() {}
  disconnect() {}
}

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({ matches: reduce && query.includes('reduce') })) as never;
}

function cards() {
  return screen.getAllByTestId('home-service-card');
}

beforeEach(() => {
  observed = [];
  Object.assign(window, { IntersectionObserver: FakeIntersectionObserver });
  preferReducedMotion(false);
});

afterEach(() => {
  Reflect.deleteProperty(window, 'IntersectionObserver');
  Reflect.deleteProperty(window, 'matchMedia');
});

test('the service cards stay hidden until the grid scrolls into view, then reveal 100 ms apart', () => {
  render(<HomeServiceGrid />, { wrapper: MemoryRouter });
  expect(cards()).toHaveLength(6);
  expect(cards().every((card) => card.dataset.revealed === 'false')).toBe(true);

  act(() => observed[0]?.([{ isIntersecting: true }]));
  expect(cards().every((card) => card.dataset.revealed === 'true')).toBe(true);
  expect(cards().map((card) => card.style.transitionDelay)).toEqual([
    '0ms',
    '100ms',
    '200ms',
    '300ms',
    '400ms',
    '500ms',
  ]);
});

test('a visitor who prefers reduced motion sees every card at once, without waiting to scroll', () => {
  preferReducedMotion(true);
  render(<HomeServiceGrid />, { wrapper: MemoryRouter });
  expect(cards().every((card) => card.dataset.revealed === 'true')).toBe(true);
  expect(observed).toHaveLength(0);
});
