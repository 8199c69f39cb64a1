namespace Acme.Util;

public class Money
{
    public static Money Zero() => new Money();
    public Money Plus(Money other) => this;
}
