import type { HOME_PAGE_TEXT } from "#web/texts/home.ts";
import type { CarouselSlide } from "./carousel.tsx";
import { CoastRoadArt, DhakaDuskArt, MonsoonNightArt, TeaGardenArt } from "./slide-art.tsx";

/** The home page's banners, their words in the page's language (`T`: `browsePages.home.slides`). */
export function bannerSlides(T: typeof HOME_PAGE_TEXT.homePage.slides): readonly CarouselSlide[] {
  return [
    {
      id: "dhaka-dusk",
      headline: T.dhakaDuskHeadline,
      subline: T.dhakaDuskSubline,
      art: <DhakaDuskArt />,
    },
    {
      id: "tea-garden",
      headline: T.teaGardenHeadline,
      subline: T.teaGardenSubline,
      art: <TeaGardenArt />,
    },
    {
      id: "monsoon-night",
      headline: T.monsoonNightHeadline,
      subline: T.monsoonNightSubline,
      art: <MonsoonNightArt />,
    },
    {
      id: "coast-road",
      headline: T.coastRoadHeadline,
      subline: T.coastRoadSubline,
      art: <CoastRoadArt />,
    },
  ];
}
