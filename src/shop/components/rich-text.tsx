import { documentToReactComponents, type Options } from "@contentful/rich-text-react-renderer";
import { BLOCKS, type Document, INLINES } from "@contentful/rich-text-types";
import { useCmsRefs, useEmbeddedBlock } from "./cms-context";
import { SmartLink } from "./smart-link";

const targetId = (node: { data: { target?: { sys?: { id?: string } } } }) => node.data.target?.sys?.id ?? "";

/** Contentful rich text with embedded blocks and links to pages resolved from the page's refs. */
export function RichText({ document }: { document: Document }) {
  const refs = useCmsRefs();
  const renderBlock = useEmbeddedBlock();
  const options: Options = {
    renderNode: {
      [INLINES.ENTRY_HYPERLINK]: (node, children) => {
        const path = refs.links[targetId(node)];
        return path ? <SmartLink to={path}>{children}</SmartLink> : children;
      },
      [INLINES.HYPERLINK]: (node, children) => <SmartLink to={String(node.data.uri)}>{children}</SmartLink>,
      [BLOCKS.EMBEDDED_ENTRY]: (node) => {
        const block = refs.blocks[targetId(node)];
        return block ? renderBlock(block) : null;
      },
      [BLOCKS.EMBEDDED_ASSET]: () => null,
    },
  };
  return <div className="rich-text">{documentToReactComponents(document, options)}</div>;
}
