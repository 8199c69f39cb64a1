namespace Acme.Shop
{
    public abstract class Basket
    {
        protected void Audit(string what) { }
    }

    public interface ICart
    {
        void Add(Item item);
    }

    public record Item(string Name, Money Price);
}
