namespace Acme.Config
{
    public class Settings
    {
        public static Settings Default { get; } = new Settings();

        public Limits Limits { get; set; } = new Limits();

        public string Name
        {
            get { return Normalize(_name); }
            set { _name = value; }
        }

        private string _name = "";

        private static string Normalize(string text) => text;
    }

    public class Limits
    {
        public int Max => 10;

        public int Min => 0;
    }

    public enum Mode { Fast, Safe }
}
