using Acme.Shop.Inventory;

namespace Acme.Shop.Services;

public class StockService
{
    private readonly StockRepository _stock;

    public StockService(StockRepository stock)
    {
        _stock = stock;
    }

    public string Describe(string sku)
    {
        var level = _stock.Find(sku);
        return level > 0 ? $"{sku}: {level}" : $"{sku}: sold out";
    }

    public void Restock(string sku) => _stock.Put(sku, 10);
}
