// Six classes with a `reset` method.
export class Form { reset() {} }
export class Timer { reset() {} }
export class Counter { reset() {} }
export class Filter { reset() {} }
export class Pager { reset() {} }
export class Cursor { reset() {} }
