using System.Collections.Generic;
using Acme.Billing.Extensions;

namespace Acme.Billing.Printing;

public class Printer
{
    public string Print(Invoice invoice, List<Invoice> all)
    {
        var text = invoice.Describe();
        var loud = text.Shout();
        var sum = all.Sum();
        return invoice.Tax().ToString();
    }
}
