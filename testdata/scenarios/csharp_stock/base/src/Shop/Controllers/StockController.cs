using Acme.Shop.Services;
using Microsoft.AspNetCore.Mvc;

namespace Acme.Shop.Controllers;

[ApiController]
[Route("api/[controller]")]
public class StockController : ControllerBase
{
    private readonly StockService _service;

    public StockController(StockService service) => _service = service;

    [HttpGet("{sku}")]
    public IActionResult Get(string sku) => Ok(_service.Describe(sku));

    [HttpPost("{sku}/restock")]
    public IActionResult Restock(string sku)
    {
        _service.Restock(sku);
        return NoContent();
    }
}
