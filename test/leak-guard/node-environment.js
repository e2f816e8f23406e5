// Jest's node environment with the leak guard (guard.js): the default for every test file
// (jest.config.js). A file that leaves a server, socket, child process or timer open fails.
const { TestEnvironment } = require("jest-environment-node");
const { createLeakGuard } = require("./guard");

class LeakGuardNodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.leakGuard = createLeakGuard(context.testPath);
  }

  async setup() {
    await super.setup();
    // Its timers are Node's: the guard watches the ones the file starts.
    this.leakGuard.start(this.global);
  }

  async teardown() {
    await super.teardown();
    await this.leakGuard.check();
  }
}

module.exports = LeakGuardNodeEnvironment;
