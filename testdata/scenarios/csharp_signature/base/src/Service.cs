namespace Acme;

public class Service
{
    private readonly Repo _repo = new Repo();

    public int Describe(string sku) => _repo.Find(sku) + _repo.Count(sku) + _repo.Twice(sku) + RepoExtensions.Twice(_repo, sku);

    public int Loud(string sku) => _repo.Shout(sku);
}
