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

  /**
   * The check runs when Jest has run the file's tests and afterAll hooks ("run_finish"): its error
   * joins the file's results as an error outside any test, so the file fails and its tests' own
   * failures (a timeout that left a process running, say) are still reported.
   */
  async handleTestEvent(event, state) {
    if (event.name !== "run_finish") return;
    const leak = await this.leakGuard.check();
    if (leak) state.unhandledErrors.push(leak);
  }
}

module.exports = LeakGuardNodeEnvironment;
