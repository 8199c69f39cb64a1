namespace Acme.Lib.Data
{
    public class Repository { }
    public class Clock { }
    public class Widget { }
}

namespace Acme.Lib.Views
{
    public class Widget { }
}

namespace Acme.Lib.Extra
{
    public class Tool { }
}

namespace Acme.Lib.Net
{
    public class HttpRelay { }
}

namespace Acme.Lib.Text
{
    public static class Formatter
    {
        public static void Print(object value) { }
    }

    public class Slug { }
}

namespace Acme.Lib
{
    public static class Guard
    {
        public static void NotNull(object value) { }
    }
}

namespace Acme.Jobs
{
    public class Task
    {
        public static void Run(System.Action action) { }
    }
}
