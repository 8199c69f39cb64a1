using Acme.Shop;
using Xunit;

namespace Acme.Shop.Tests;

public class CartTests
{
    [Fact]
    public void AddsAnItem()
    {
        var cart = Cart.Empty();
        cart.Add(new Item("tea", new Acme.Util.Money()));
        Assert.Equal(1, cart.Count);
    }

    private static Cart Make() => Cart.Empty();
}
