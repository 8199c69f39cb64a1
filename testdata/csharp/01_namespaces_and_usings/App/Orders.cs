using Acme.Lib.Data;
using Acme.Lib.Views;
using static Acme.Lib.Guard;
using Store = Acme.Lib.Data.Repository;

namespace Acme.App
{
    namespace Orders
    {
        using Acme.Lib.Extra;

        public class OrderService
        {
            public void Place()
            {
                // a parent namespace is searched before the file's usings:
                // Acme.App.Clock, not Acme.Lib.Data.Clock
                var clock = new Clock();
                // the block's own using
                var tool = new Tool();
                // an alias and `using static`
                var store = new Store();
                NotNull(store);
                // a global using of another file of this project
                var client = new HttpRelay();
                // an alias from a global using; a type from the manifest's <Using>
                Fmt.Print(new Slug());
                // `Task` is System.Threading.Tasks.Task (implicit usings), not
                // the repository's Acme.Jobs.Task, whose namespace is not used
                Task.Run(() => { });
                // two usings offer `Widget`: ambiguous, no edge
                var w = new Widget();
            }
        }
    }

    public class Clock { }
}
