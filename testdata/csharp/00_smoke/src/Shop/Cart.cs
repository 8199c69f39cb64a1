using Acme.Util;

namespace Acme.Shop;

public class Cart : Basket, ICart
{
    private readonly IRepo _repo;
    private Money _total = Money.Zero();

    public Cart(IRepo repo)
    {
        _repo = repo;
    }

    public int Count { get; private set; }

    public void Add(Item item)
    {
        _total = _total.Plus(item.Price);
        Audit("add");
        _repo.Save(item);
        Count = Count + 1;
    }

    public static Cart Empty() => new Cart(new MemoryRepo());
}
