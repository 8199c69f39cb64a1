namespace Acme.Geometry
{
    public abstract class Shape
    {
        public virtual double Area() => 0;

        public string Describe() => Name() + Area();

        protected virtual string Name() => "shape";
    }

    public class Circle : Shape
    {
        public override double Area() => 3.14;

        protected override string Name() => "circle:" + base.Name();
    }

    public class Square : Shape
    {
        // `new` hides Shape.Area: a call on a Shape never runs it
        public new double Area() => 1;
    }

    public class Canvas
    {
        public void Draw(Shape shape) { }
        public void Draw(Shape shape, int times) { }
        public void Draw(string label, int times, bool bold = false) { }

        public void Clear(params Shape[] shapes) { }
    }

    public class FancyCanvas : Canvas
    {
        public void Draw(Shape shape, int times, int extra, int more) { }
    }
}
