using Acme.Shop.Inventory;
using Acme.Shop.Services;
using Xunit;

namespace Acme.Shop.Tests;

public class StockServiceTests
{
    public class WhenInStock
    {
        [Fact]
        public void Describes()
        {
            var repository = new StockRepository();
            repository.Put("tea", 3);
            var service = new StockService(repository);
            Assert.Equal("tea: 3", service.Describe("tea"));
        }
    }

    [Fact]
    public void RestocksToTen()
    {
        var service = new StockService(new StockRepository());
        service.Restock("tea");
    }
}
