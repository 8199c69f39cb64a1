using Acme.Api;

var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapGet("/health", () => Health.Check());
app.MapPost("/orders", Handlers.CreateOrder);
Seed();
app.Run();

void Seed() => Health.Warm();
