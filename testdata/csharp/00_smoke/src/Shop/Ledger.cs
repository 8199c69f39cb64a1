namespace Acme.Books;

// a decoy: the name of Cart.Add, another type
public class Ledger
{
    public void Add(object entry) { }
    public void Save(object entry) { }
}
