// a decoy: the same method names on another class
namespace legacy {
class Ledger {
public:
    void add(long) {}
    int size() const { return 0; }
};
void record(Ledger &l) { l.add(1); }
}
