import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqAccordion } from './FaqAccordion';

const ENTRIES = [
  { question: 'First question?', answer: 'First answer.' },
  { question: 'Second question?', answer: 'Second answer.' },
  { question: 'Third question?', answer: 'Third answer.' },
];

function question(name: string) {
  return screen.getByRole('button', { name });
}

function openAnswers() {
  return screen.queryAllByRole('region').map((region) => region.textContent);
}

test('the first answer is open to begin with, and only that one', () => {
  render(<FaqAccordion entries={ENTRIES} />);
  expect(openAnswers()).toEqual(['First answer.']);
  expect(question('First question?').getAttribute('aria-expanded')).toBe('true');
  expect(question('Second question?').getAttribute('aria-expanded')).toBe('false');
});

test('opening another question closes the one that was open', async () => {
  render(<FaqAccordion entries={ENTRIES} />);
  await userEvent.click(question('Third question?'));
  expect(openAnswers()).toEqual(['Third answer.']);
  expect(question('First question?').getAttribute('aria-expanded')).toBe('false');
});

test('clicking the open question closes it, leaving every answer closed', async () => {
  render(<FaqAccordion entries={ENTRIES} />);
  await userEvent.click(question('First question?'));
  expect(openAnswers()).toEqual([]);
  await userEvent.click(question('First question?'));
  expect(openAnswers()).toEqual(['First answer.']);
});

test('each question is a heading whose button controls the answer region it labels', () => {
  render(<FaqAccordion entries={ENTRIES} />);
  const button = question('First question?');
  expect(button.parentElement?.tagName).toBe('H3');
  const region = document.getElementById(button.getAttribute('aria-controls') ?? '');
  expect(region?.getAttribute('role')).toBe('region');
  expect(region?.getAttribute('aria-labelledby')).toBe(button.id);
});

test('the keyboard opens questions and moves between them with the arrow, Home and End keys', async () => {
  const user = userEvent.setup({ delay: null });
  render(<FaqAccordion entries={ENTRIES} />);
  question('First question?').focus();
  await user.keyboard('{ArrowDown}');
  expect(document.activeElement).toBe(question('Second question?'));
  await user.keyboard('{Enter}');
  expect(openAnswers()).toEqual(['Second answer.']);
  await user.keyboard('{End}');
  expect(document.activeElement).toBe(question('Third question?'));
  await user.keyboard('{ArrowDown}');
  expect(document.activeElement).toBe(question('First question?'));
  await user.keyboard('{ArrowUp}{Home}');
  expect(document.activeElement).toBe(question('First question?'));
  await user.keyboard(' ');
  expect(openAnswers()).toEqual(['First answer.']);
});
