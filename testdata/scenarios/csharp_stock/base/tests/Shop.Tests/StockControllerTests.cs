using Acme.Shop.Controllers;
using Acme.Shop.Inventory;
using Acme.Shop.Services;
using Xunit;

namespace Acme.Shop.Tests;

public class StockControllerTests
{
    private readonly StockController _controller;

    public StockControllerTests()
    {
        _controller = new StockController(new StockService(new StockRepository()));
    }

    [Fact]
    public void Gets() => Assert.NotNull(_controller.Get("tea"));

    [Fact]
    public void Restocks() => Assert.NotNull(_controller.Restock("tea"));
}
