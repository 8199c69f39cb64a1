using System.Collections.Generic;

namespace Acme.Billing.Extensions
{
    public static class InvoiceExtensions
    {
        public static string Describe(this Invoice invoice) => invoice.Total().ToString();

        public static string Shout(this string text) => text;

        public static int Sum(this IEnumerable<Invoice> invoices) => 0;
    }
}

namespace Acme.Elsewhere
{
    // a decoy: an extension of the same name in a namespace no one uses
    public static class OtherExtensions
    {
        public static string Describe(this Acme.Billing.Invoice invoice) => "";
    }
}
