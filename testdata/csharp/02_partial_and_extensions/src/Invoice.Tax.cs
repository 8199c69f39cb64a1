namespace Acme.Billing;

public partial class Invoice
{
    public decimal Tax() => Round(_net * 0.2m);

    private decimal Round(decimal value) => value;
}
