// Jest's jsdom environment with the leak guard (guard.js), for the task pane's component tests:
// `@jest-environment ./test/leak-guard/jsdom-environment.js` in the file's first comment.
// The check runs after jsdom's window is closed, which clears the window's own timers (React's and
// Fluent's pending ones are not leaks); a server, socket, child process or Node timer the file
// opened and left open fails the file.
const { TestEnvironment } = require("jest-environment-jsdom");
const { createLeakGuard } = require("./guard");

class LeakGuardJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.leakGuard = createLeakGuard(context.testPath);
  }

  async setup() {
    await super.setup();
    // No timers to watch: the window's are jsdom's, cleared when the window closes.
    this.leakGuard.start();
  }

  async teardown() {
    await super.teardown();
    await this.leakGuard.check();
  }
}

module.exports = LeakGuardJsdomEnvironment;
