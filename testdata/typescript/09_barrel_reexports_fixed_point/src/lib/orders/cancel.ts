export function cancelOrder(id: string): { id: string; cancelled: true } {
  return { id, cancelled: true };
}
