using Microsoft.VisualStudio.TestTools.UnitTesting;

namespace Acme.Api.Tests;

[TestClass]
public class OrdersSpec
{
    [TestMethod]
    public void Lists() { }

    private void Helper() { }
}
