using System.Collections.Generic;
using Acme.Config;

namespace Acme.Io
{
    public class Reader : Source
#if NET20
        , ILegacy
#endif
    {
        private readonly Settings _settings;
        private readonly Batch _batch = new Batch();
        private readonly List<Source> _sources = new List<Source>();

        public Reader(Settings settings)
        {
            _settings = settings;
        }

        public Mode Mode { get; set; }

        public int Read()
        {
            // a property read on the receiver's way, a write that runs a setter
            var name = _settings.Name.Trim();
            _settings.Name = name;
            // a property of `this`, named bare, and a chain from a static property
            var max = Settings.Default.Limits.Max;
            // `Mode` is the property here, `Mode.Safe` the enum's (Color Color)
            if (Mode == Mode.Safe) { Open(); }
            foreach (var item in _batch) { }
            // `var` from a property, and an element of a declared list
            var limits = _settings.Limits;
            foreach (var each in _sources)
            {
                each.Close();
            }
            return Count + max + limits.Min;
        }
    }

    public abstract class Source
    {
        protected Source() { }

        public int Count { get; private set; }

        protected void Open() { }

        public void Close() { }
    }

    public interface ILegacy { }

    public class Batch : IEnumerable<int>
    {
        public IEnumerator<int> GetEnumerator() => null;

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => null;
    }
}
