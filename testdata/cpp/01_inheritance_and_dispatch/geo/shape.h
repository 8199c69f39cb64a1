#ifndef GEO_SHAPE_H
#define GEO_SHAPE_H
namespace geo {
class Shape {
public:
    virtual ~Shape() = default;
    virtual double area() const = 0;
    virtual const char *describe() const;
    double doubled() const { return 2 * this->area(); }
};
class Circle : public Shape {
public:
    explicit Circle(double r) : r_(r) {}
    double area() const override;
    const char *describe() const override;
private:
    double r_;
};
class Square final : public Shape {
public:
    double area() const override { return 1.0; }
};
double report(const Shape &s);
}
#endif
