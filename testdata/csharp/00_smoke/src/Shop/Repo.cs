namespace Acme.Shop;

public interface IRepo
{
    void Save(Item item);
}

public class MemoryRepo : IRepo
{
    public void Save(Item item) { }
}
