#include "dag/GraphLayout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <mutex>

namespace stagelight {
namespace {

// Graphviz keeps global state: one layout at a time.
std::mutex gLayoutMutex;

void set(void* object, const char* name, const std::string& value) {
    agsafeset(object, const_cast<char*>(name), const_cast<char*>(value.c_str()),
              const_cast<char*>(""));
}

std::string inches(double points) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", points / 72.0);
    return buf;
}

// Makes Graphviz reserve at least `size` for a label: in Courier every character is 0.6 em wide
// and a line 1.2 em tall, both when Graphviz estimates and when pango measures it, so a font
// size follows from the longest line and the line count.
void sizeLabel(void* cluster, const std::string& label, LayoutPoint size) {
    size_t lines = 1, longest = 0, chars = 0;
    for (unsigned char ch : label) {
        if (ch == '\n') {
            ++lines;
            chars = 0;
        } else if ((ch & 0xC0) != 0x80) {  // one count per UTF-8 character
            longest = std::max(longest, ++chars);
        }
    }
    if (!label.empty() && label.back() == '\n') --lines;
    const double byWidth = size.x / (0.6 * double(std::max<size_t>(longest, 1)));
    const double byHeight = size.y / (1.2 * double(std::max<size_t>(lines, 1)));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", std::clamp(std::max(byWidth, byHeight), 4.0, 200.0));
    set(cluster, "fontname", "Courier");
    set(cluster, "fontsize", buf);
}

}  // namespace

LayoutResult layoutGraph(const LayoutInput& in) {
    LayoutResult out;
    out.nodes.resize(in.nodes.size());
    out.edges.resize(in.edges.size());
    out.clusters.resize(in.clusterLabels.size());
    if (in.nodes.empty()) {
        out.ok = true;
        return out;
    }
    std::lock_guard lock(gLayoutMutex);
    // One context for the whole process, never freed: Graphviz's pango text layout caches a font
    // name that the context owns, so freeing it between layouts leaves that pointer dangling
    // (a use-after-free AddressSanitizer found).
    static GVC_t* const gvc = gvContext();
    Agraph_t* g = agopen(const_cast<char*>("g"), Agdirected, nullptr);
    set(g, "rankdir", in.leftToRight ? "LR" : "TB");
    set(g, "nodesep", "0.25");
    set(g, "ranksep", "0.35");
    // Parents before their children; a parent index that is out of range or would make a
    // cycle makes the cluster a top-level one.
    const size_t clusterCount = in.clusterLabels.size();
    auto parentOf = [&](size_t c) {
        const int p = c < in.clusterParents.size() ? in.clusterParents[c] : -1;
        return p >= 0 && size_t(p) < clusterCount && size_t(p) != c ? p : -1;
    };
    std::vector<Agraph_t*> clusters(clusterCount, nullptr);
    std::vector<char> visiting(clusterCount, 0);
    std::function<Agraph_t*(size_t)> make = [&](size_t c) -> Agraph_t* {
        if (clusters[c]) return clusters[c];
        Agraph_t* parent = g;
        visiting[c] = 1;
        if (const int p = parentOf(c); p >= 0 && !visiting[size_t(p)]) parent = make(size_t(p));
        visiting[c] = 0;
        const std::string name = "cluster_" + std::to_string(c);
        Agraph_t* sub = agsubg(parent, const_cast<char*>(name.c_str()), 1);
        // The title itself, so the box is wide and tall enough for it.
        const std::string& label = in.clusterLabels[c];
        set(sub, "label", label.empty() ? " " : label);
        set(sub, "fontsize", "11");
        if (c < in.clusterLabelSizes.size() && in.clusterLabelSizes[c].x > 0)
            sizeLabel(sub, label, in.clusterLabelSizes[c]);
        set(sub, "labeljust", "l");
        set(sub, "margin", "10");
        return clusters[c] = sub;
    };
    for (size_t c = 0; c < clusterCount; ++c) make(c);
    std::vector<Agnode_t*> nodes;
    for (size_t i = 0; i < in.nodes.size(); ++i) {
        const auto& n = in.nodes[i];
        const std::string name = "n" + std::to_string(i);
        Agraph_t* owner =
            n.cluster >= 0 && size_t(n.cluster) < clusters.size() ? clusters[size_t(n.cluster)] : g;
        // Created in the root graph, then added to its cluster (which adds it to every
        // enclosing one).
        Agnode_t* node = agnode(g, const_cast<char*>(name.c_str()), 1);
        if (owner != g) agsubnode(owner, node, 1);
        set(node, "shape", "box");
        set(node, "fixedsize", "true");
        set(node, "label", "");
        set(node, "width", inches(n.width));
        set(node, "height", inches(n.height));
        nodes.push_back(node);
    }
    std::vector<Agedge_t*> edges;
    for (const auto& e : in.edges) {
        const bool valid = e.from >= 0 && e.to >= 0 && size_t(e.from) < nodes.size() &&
                           size_t(e.to) < nodes.size();
        edges.push_back(valid ? agedge(g, nodes[size_t(e.from)], nodes[size_t(e.to)], nullptr, 1)
                              : nullptr);
    }
    if (gvLayout(gvc, g, "dot") != 0) {
        out.error = "graphviz dot could not lay the graph out";
        agclose(g);
        return out;
    }
    const boxf bb = GD_bb(g);
    out.width = bb.UR.x - bb.LL.x;
    out.height = bb.UR.y - bb.LL.y;
    auto flip = [&](pointf p) { return LayoutPoint{p.x - bb.LL.x, bb.UR.y - p.y}; };
    for (size_t i = 0; i < nodes.size(); ++i) {
        const LayoutPoint c = flip(ND_coord(nodes[i]));
        const double w = ND_width(nodes[i]) * 72, h = ND_height(nodes[i]) * 72;
        out.nodes[i] = {c.x - w / 2, c.y - h / 2, w, h};
    }
    for (size_t i = 0; i < edges.size(); ++i) {
        if (!edges[i] || !ED_spl(edges[i]) || ED_spl(edges[i])->size == 0) continue;
        const bezier& bz = ED_spl(edges[i])->list[0];
        LayoutResult::Path& path = out.edges[i];
        for (int k = 0; k < bz.size; ++k) path.bezier.push_back(flip(bz.list[k]));
        path.arrowTip = bz.eflag ? flip(bz.ep) : path.bezier.back();
    }
    for (size_t c = 0; c < clusters.size(); ++c) {
        const boxf cb = GD_bb(clusters[c]);
        const LayoutPoint tl = flip({cb.LL.x, cb.UR.y});
        out.clusters[c] = {tl.x, tl.y, cb.UR.x - cb.LL.x, cb.UR.y - cb.LL.y};
    }
    gvFreeLayout(gvc, g);
    agclose(g);
    out.ok = true;
    return out;
}

}  // namespace stagelight
