// Graph layout by Graphviz's `dot` (libgvc/libcgraph) behind a small interface: node sizes and
// edges in, node positions and edge paths out, in points with y growing downwards. No Qt and no
// Graphviz types leak out, so views and tests use plain values.
#pragma once

#include <string>
#include <vector>

namespace stagelight {

struct LayoutPoint {
    double x = 0, y = 0;
};

struct LayoutInput {
    struct Node {
        double width = 100, height = 40;  // points
        int cluster = -1;                 // nodes of one cluster are drawn inside one box
    };
    struct Edge {
        int from = 0, to = 0;
    };
    std::vector<Node> nodes;
    std::vector<Edge> edges;
    std::vector<std::string> clusterLabels;  // by cluster index; lines end in "\n"
    std::vector<int> clusterParents;         // by cluster index: the enclosing cluster, or -1
    // By cluster index: the size the view draws the label at (points); 0 or absent: Graphviz's
    // own measure, which need not match the view's font (titles overflowed their boxes).
    std::vector<LayoutPoint> clusterLabelSizes;
    bool leftToRight = false;                // rankdir LR instead of top to bottom
};

struct LayoutResult {
    struct Box {
        double x = 0, y = 0, width = 0, height = 0;  // top-left corner
    };
    std::vector<Box> nodes;  // by input index
    struct Path {
        std::vector<LayoutPoint> bezier;  // cubic Bézier: 3n + 1 control points, from → to
        LayoutPoint arrowTip;             // where the arrowhead touches the target
    };
    std::vector<Path> edges;
    std::vector<Box> clusters;  // by cluster index (empty box: no node)
    double width = 0, height = 0;
    bool ok = false;
    std::string error;
};

LayoutResult layoutGraph(const LayoutInput& input);

}  // namespace stagelight
