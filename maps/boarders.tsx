<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="boarders" tilewidth="32" tileheight="32" tilecount="32" columns="8">
 <image source="tiles/boarders.png" width="256" height="128"/>
 <tile id="0" type="water"/>
 <tile id="1" type="water2"/>
 <tile id="2" type="planks"/>
 <tile id="3" type="planks_dark"/>
 <tile id="4" type="hull"/>
 <tile id="5" type="rail"/>
 <tile id="6" type="sand"/>
 <tile id="7" type="grass"/>
 <tile id="8" type="grass2"/>
 <tile id="9" type="wood_floor"/>
 <tile id="10" type="cobbles"/>
 <tile id="11" type="wall"/>
 <tile id="12" type="dirt"/>
 <tile id="13" type="pier"/>
 <tile id="14" type="foliage"/>
 <tile id="15" type="rocks"/>
 <tile id="16" type="barrel"/>
 <tile id="17" type="crate"/>
 <tile id="18" type="cannon_up"/>
 <tile id="19" type="cannon_down"/>
 <tile id="20" type="hatch"/>
 <tile id="21" type="mast"/>
 <tile id="22" type="rigging"/>
 <tile id="23" type="fence_h"/>
 <tile id="24" type="fence_v"/>
 <tile id="25" type="log"/>
 <tile id="26" type="table"/>
 <tile id="27" type="bush"/>
 <tile id="28" type="shore"/>
 <tile id="29" type="hold_floor"/>
 <tile id="30" type="door"/>
 <tile id="31" type="ladder"/>
</tileset>
