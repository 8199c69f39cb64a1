namespace Acme.Billing;

public partial class Invoice
{
    private decimal _net;

    public decimal Total() => _net + Tax();
}
