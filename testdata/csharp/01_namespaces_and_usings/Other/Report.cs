namespace Acme.Other;

public class Report
{
    public void Send()
    {
        // App's global usings are not this project's: no edge
        var relay = new HttpRelay();
    }
}
