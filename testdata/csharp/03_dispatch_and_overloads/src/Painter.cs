namespace Acme.Geometry.Paint;

using Acme.Geometry;

public class Painter
{
    private readonly Canvas _canvas = new Canvas();

    public double Paint(Shape shape, Circle circle)
    {
        _canvas.Draw(shape);
        _canvas.Draw("x", 2);
        _canvas.Clear(shape, circle);
        this.Log();
        var fancy = new FancyCanvas();
        fancy.Draw(shape);
        fancy.Draw(shape, 1, 2, 3);
        return shape.Area() + circle.Area();
    }

    private void Log() { }
}
