namespace Acme;

public class Repo
{
    public int Find(string sku) => 0;
    public int Count(string sku, int limit = 10) => 0;
}

public static class RepoExtensions
{
    public static int Shout(this Repo repo, string sku) => 1;

    public static int Twice(this Repo repo, string sku) => repo.Find(sku) * 2;
}
