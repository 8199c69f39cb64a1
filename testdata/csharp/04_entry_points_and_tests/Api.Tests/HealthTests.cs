using Acme.Api;
using NUnit.Framework;

namespace Acme.Api.Tests
{
    [TestFixture]
    public class HealthTests
    {
        [SetUp]
        public void Prepare() => Health.Warm();

        [Test]
        public void Checks() => Assert.That(Health.Check());

        [TestCase(1)]
        public void Creates(int n) => Assert.That(Handlers.CreateOrder() == n);
    }
}
