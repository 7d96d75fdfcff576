import { describe, expectTypeOf, it } from "vitest";
import type { CountdownFields } from "@/content-models/countdown";
import type { ExperimentFields } from "@/content-models/experiment";
import type { SectionFields } from "@/content-models/section";
import type ActionCode from "./action-code/action-code";
import type AffiliateTicket from "./affiliate-ticket/affiliate-ticket";
import type { BlockType, BlockView, BlockViewProps } from "./block-view-props";
import type BoulevardGame from "./boulevard-game/boulevard-game";
import type CardGrid from "./card-grid/card-grid";
import type CommunicationPreferences from "./communication-preferences/communication-preferences";
import type ContactForm from "./contact-form/contact-form";
import type Countdown from "./countdown/countdown";
import type { loadCountdown } from "./countdown/loader.server";
import type CtaBanner from "./cta-banner/cta-banner";
import type { BlockViewPropsOf, defineBlock } from "./define-block";
import type DrawResults from "./draw-results/draw-results";
import type Experiment from "./experiment/experiment";
import type Faq from "./faq/faq";
import type GameOfChance from "./game-of-chance/game-of-chance";
import type GiftTicket from "./gift-ticket/gift-ticket";
import type Hero from "./hero/hero";
import type ImageBlock from "./image/image";
import type LoyaltySignUp from "./loyalty-sign-up/loyalty-sign-up";
import type MarkdownText from "./markdown-text/markdown-text";
import type MillionGame from "./million-game/million-game";
import type Promotion from "./promotion/promotion";
import type RichText from "./rich-text/rich-text";
import type Section from "./section/section";
import type SubscriptionConfigurator from "./subscription-configurator/subscription-configurator";
import type SubscriptionUpsell from "./subscription-upsell/subscription-upsell";
import type TicketChecker from "./ticket-checker/ticket-checker";
import type TicketConfigurator from "./ticket-configurator/ticket-configurator";
import type UspList from "./usp-list/usp-list";

type CountdownBlock = BlockViewProps<"countdown">["block"];

describe("a block view's props", () => {
  it("are its content model's fields and what its loader returns", () => {
    expectTypeOf<CountdownBlock["props"]>().toEqualTypeOf<CountdownFields>();
    expectTypeOf<CountdownBlock["data"]>().toEqualTypeOf<Awaited<ReturnType<typeof loadCountdown>>>();
    expectTypeOf<CountdownBlock["type"]>().toEqualTypeOf<"countdown">();
    // No loader, no data; the nested blocks' field is resolved into `children`, not left in the props.
    expectTypeOf<BlockViewProps<"section">["block"]["data"]>().toEqualTypeOf<undefined>();
    expectTypeOf<BlockViewProps<"section">["block"]["props"]>().toEqualTypeOf<
      Omit<SectionFields, "blocks">
    >();
    // An experiment's variants are resolved into `variants` too.
    expectTypeOf<BlockViewProps<"experiment">["block"]["props"]>().toEqualTypeOf<
      Omit<ExperimentFields, "blocks" | "variants">
    >();
  });

  it("reject a view that reads fields its content model does not have", () => {
    // @ts-expect-error a countdown has no `headline` field
    const view: BlockView<"countdown"> = ({ block }: { block: { props: { headline: string } } }) =>
      block.props.headline;
    expectTypeOf(view).toBeFunction();
  });

  it("reject a view that expects other data than its loader returns", () => {
    // @ts-expect-error the countdown's loader returns its next draw, not a number of seconds
    const view: BlockView<"countdown"> = ({ block }: { block: { data: { secondsLeft: number } } }) =>
      block.data.secondsLeft;
    expectTypeOf(view).toBeFunction();
  });

  it("follow the loader a definition is given", () => {
    type Definition = ReturnType<typeof defineBlock<"countdown", CountdownFields, { seconds: number }>>;
    expectTypeOf<BlockViewPropsOf<Definition>["block"]["data"]>().toEqualTypeOf<{ seconds: number }>();
    expectTypeOf<typeof Countdown>().parameter(0).not.toEqualTypeOf<BlockViewPropsOf<Definition>>();
  });

  it("bind every block folder's view to its own registry entry", () => {
    // A view typed for another block, or not typed by its definition, fails here.
    expectTypeOf<{
      hero: typeof Hero;
      richText: typeof RichText;
      markdownText: typeof MarkdownText;
      image: typeof ImageBlock;
      cardGrid: typeof CardGrid;
      ctaBanner: typeof CtaBanner;
      faq: typeof Faq;
      uspList: typeof UspList;
      countdown: typeof Countdown;
      section: typeof Section;
      experiment: typeof Experiment;
      boulevardGame: typeof BoulevardGame;
      ticketConfigurator: typeof TicketConfigurator;
      millionGame: typeof MillionGame;
      subscriptionConfigurator: typeof SubscriptionConfigurator;
      subscriptionUpsell: typeof SubscriptionUpsell;
      drawResults: typeof DrawResults;
      ticketChecker: typeof TicketChecker;
      giftTicket: typeof GiftTicket;
      affiliateTicket: typeof AffiliateTicket;
      promotion: typeof Promotion;
      actionCode: typeof ActionCode;
      gameOfChance: typeof GameOfChance;
      communicationPreferences: typeof CommunicationPreferences;
      loyaltySignUp: typeof LoyaltySignUp;
      contactForm: typeof ContactForm;
    }>().toExtend<{ [Type in BlockType]: BlockView<Type> }>();
  });
});
