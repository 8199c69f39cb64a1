namespace Acme.Api;

public static class Handlers
{
    public static int CreateOrder() => 1;
}

public static class Health
{
    public static bool Check() => true;
    public static void Warm() { }
}
