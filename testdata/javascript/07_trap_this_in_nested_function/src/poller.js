export class Poller {
  constructor(fetcher) {
    this.fetcher = fetcher;
    this.timer = null;
    this.last = null;
  }

  refresh() {
    this.last = this.fetcher();
    return this.last;
  }

  tick() {
    this.refresh();
  }

  // an arrow function keeps the method's `this`
  start(intervalMs) {
    this.timer = setInterval(() => this.tick(), intervalMs);
  }

  // trap: a nested `function` has its own `this` (here: not the Poller)
  startLegacy(intervalMs) {
    this.timer = setInterval(function () {
      this.tick();
    }, intervalMs);
  }

  // a class field holding an arrow function is a method, `this` included
  onVisible = () => {
    this.refresh();
  };

  stop() {
    clearInterval(this.timer);
  }
}

export class RetryingPoller extends Poller {
  // methods inherited from Poller
  retry() {
    this.stop();
    this.start(1000);
  }
}
