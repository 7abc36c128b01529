import { nextTask } from '../nextTask';

/**
 * Federation runtime plugin of the shell's browser build: a remote's page module is evaluated in a
 * task of its own, after the task that ran the last of its files. On a phone the two made one long
 * task, which holds back a tap for its whole length.
 */
export default function pageModulesInTasksOfTheirOwn() {
  return {
    name: 'page-modules-in-tasks-of-their-own',
    async beforeExecuteFactory<Args>(args: Args): Promise<Args> {
      await nextTask();
      return args;
    },
  };
}
