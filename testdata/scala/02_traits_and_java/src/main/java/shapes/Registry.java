package shapes;

public class Registry {
    public static void register(String name) {}

    public void add(Object item) {}
}
