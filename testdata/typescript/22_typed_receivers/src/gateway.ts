export class PaymentGateway {
  capture(cents: number): string {
    return `captured ${cents}`;
  }
}
