namespace Acme.Shop.Inventory;

public class StockRepository
{
    private readonly Dictionary<string, int> _levels = new();

    public int Find(string sku)
    {
        return _levels.TryGetValue(sku.ToUpperInvariant(), out var level) ? level : 0;
    }

    public void Put(string sku, int level) => _levels[sku] = level;
}
