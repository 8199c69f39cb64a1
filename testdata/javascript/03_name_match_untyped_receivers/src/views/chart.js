export class Chart {
  render() {
    return '<canvas></canvas>';
  }
}
