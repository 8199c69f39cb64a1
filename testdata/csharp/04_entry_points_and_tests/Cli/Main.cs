namespace Acme.Cli
{
    internal static class EntryPoint
    {
        public static int Main(string[] args) => Run(args.Length);

        private static int Run(int count) => count;
    }
}
