namespace Acme;

public class Repo
{
    public int Find(string sku, bool exact) => 0;
    public int Count(string sku, int limit = 10, bool all = false) => 0;
}

public static class RepoExtensions
{
    public static int Shout(this Repo repo, string sku, bool loud = false) => 1;

    public static int Twice(this Repo repo, string sku, int times) => repo.Find(sku) * 2;
}
