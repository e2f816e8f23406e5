// Jest's jsdom environment with the leak guard (guard.js), for the task pane's component tests:
// `@jest-environment ./test/leak-guard/jsdom-environment.js` in the file's first comment.
// Timers are not watched here: the window's are jsdom's, cleared when Jest closes the window (React's
// and Fluent's pending ones are not leaks). A server, socket or child process the file opened and
// left open fails the file.
const { TestEnvironment } = require("jest-environment-jsdom");
const { createLeakGuard } = require("./guard");
const { prefilterStyleMatching } = require("./jsdom-class-prefilter");

class LeakGuardJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.leakGuard = createLeakGuard(context.testPath);
  }

  async setup() {
    await super.setup();
    // getComputedStyle with the same answers, sooner (jsdom-class-prefilter.js).
    if (process.env.JSDOM_CLASS_PREFILTER !== "off") prefilterStyleMatching(this.global);
    // No timers to watch: the window's are jsdom's, cleared when the window closes.
    this.leakGuard.start();
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

module.exports = LeakGuardJsdomEnvironment;
